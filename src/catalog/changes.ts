// In-process notifications that the catalog changed, so that the search and embedding indexers can
// run incrementally (they follow markets.change_seq; this only tells them when to look).
import { EventEmitter } from 'node:events';
import type { ExchangeCode } from '../venues/exchanges.js';

export interface CatalogChange {
  exchange: ExchangeCode;
  /** Markets inserted or whose content changed. */
  changed: number;
  /** Markets tombstoned (gone from a complete listing). */
  removed: number;
  /** Highest change_seq written by this sync (0 when nothing changed). */
  maxChangeSeq: number;
  /** Whether the sync that produced this change completed (a failed sync still commits its pages). */
  complete: boolean;
}

export type CatalogChangeListener = (change: CatalogChange) => void | Promise<void>;

export class CatalogChangeEmitter {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onListenerError: (err: unknown) => void = () => undefined) {
    this.emitter.setMaxListeners(50);
  }

  /** Registers a listener; returns a function that removes it. */
  onCatalogChanged(listener: CatalogChangeListener): () => void {
    const wrapped = (change: CatalogChange): void => {
      // A slow or failing listener never delays or breaks the sync that notified it.
      Promise.resolve()
        .then(() => listener(change))
        .catch((err: unknown) => this.onListenerError(err));
    };
    this.emitter.on('changed', wrapped);
    return () => this.emitter.off('changed', wrapped);
  }

  emitChanged(change: CatalogChange): void {
    this.emitter.emit('changed', change);
  }
}
