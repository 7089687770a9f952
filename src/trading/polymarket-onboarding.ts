// Polymarket onboarding (docs/api-contract.md §5): derive-credentials signs Polymarket's L1 ClobAuth with the
// caller's wallet key, in memory and once (never stored, never logged), and stores the L2 credentials
// the venue hands back; verify-credentials asks the venue whether the stored ones still work;
// safe-address computes the wallet's Polymarket Safe by CREATE2, with no network at all.
import { isAddress, getAddress, Wallet } from 'ethers';
import { checkApiCredentials, deriveApiCredentials } from '../venues/polymarket/onboarding.js';
import { polymarketSafeAddress } from '../venues/polymarket/signing.js';
import { VenueCallError } from '../venues/trading.js';
import type { CredentialsService } from './credentials-service.js';
import { invalid } from './errors.js';
import { venueFailure } from './trading-service.js';

export class PolymarketOnboarding {
  constructor(
    private readonly credentials: CredentialsService,
    private readonly clobBase: string,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async deriveCredentials(userId: string, body: { private_key: string; signature_type?: 0 | 1 | 2 | 3; funder?: string }): Promise<{ exchange: 'polymarket'; address: string; api_key: string; connected: true }> {
    let wallet: Wallet;
    try {
      wallet = new Wallet(body.private_key.startsWith('0x') ? body.private_key : `0x${body.private_key}`);
    } catch {
      throw invalid('private_key: must be a 32-byte hex private key');
    }
    let derived;
    try {
      derived = await deriveApiCredentials(this.clobBase, wallet, { timeoutMs: this.timeoutMs, nowS: Math.floor(this.now() / 1000) });
    } catch (err) {
      throw err instanceof VenueCallError ? venueFailure('polymarket', err) : err;
    }
    await this.credentials.storeDerived(userId, 'polymarket', {
      ...derived,
      address: wallet.address,
      ...(body.signature_type !== undefined ? { signature_type: body.signature_type } : {}),
      ...(body.funder ? { funder: body.funder } : {}),
    });
    return { exchange: 'polymarket', address: wallet.address, api_key: derived.api_key, connected: true };
  }

  async verifyCredentials(userId: string): Promise<{ valid: boolean; address: string; checked_at: string }> {
    const creds = await this.credentials.get(userId, 'polymarket');
    if (!creds) throw invalid('no stored credentials for polymarket: POST /api/v1/polymarket/derive-credentials first');
    let valid: boolean;
    try {
      valid = await checkApiCredentials(this.clobBase, creds, { timeoutMs: this.timeoutMs, nowS: Math.floor(this.now() / 1000) });
    } catch (err) {
      throw err instanceof VenueCallError ? venueFailure('polymarket', err) : err;
    }
    return { valid, address: String(creds.address), checked_at: new Date(this.now()).toISOString() };
  }

  safeAddress(address: string): { address: string; safe_address: string } {
    if (!isAddress(address)) throw invalid('address: must be a 0x-prefixed 20-byte hex address');
    return { address: getAddress(address), safe_address: polymarketSafeAddress(address) };
  }
}
