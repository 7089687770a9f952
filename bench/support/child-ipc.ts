// A benchmark's child processes spoken to over IPC: send a message, wait for the reply of a kind.
import type { ChildProcess } from 'node:child_process';

export type Reply = { type: string; [k: string]: unknown };

/** Sends `msg` to `child` and resolves with its next message (of type `expect`, when given). */
export function ask(child: ChildProcess, msg: object, expect?: string): Promise<Reply> {
  return new Promise((resolve) => {
    const on = (m: Reply): void => {
      if (expect && m.type !== expect) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send(msg);
  });
}
