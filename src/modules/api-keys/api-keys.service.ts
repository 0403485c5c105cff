import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ALL_SCOPES } from '../../common/auth/scopes.js';
import type { Principal } from '../../common/http/request-context.js';
import { timestamp } from '../../common/format/format.js';
import { ApiKey } from './api-key.entity.js';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface CreatedApiKey {
  id: number;
  name: string;
  scopes: string[];
  access_token: string;
  secret: string;
  expires_at: string | null;
}

export class InvalidScopesError extends Error {}

/** How often `last_used_at` is written for one key; reads stay free of row-lock contention. */
const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeysService {
  private readonly lastUsedWrites = new Map<number, number>();

  constructor(private readonly dataSource: DataSource) {}

  async create(input: { name: string; scopes?: string[]; expiresInDays?: number }): Promise<CreatedApiKey> {
    const scopes = input.scopes?.length ? [...new Set(input.scopes)] : ['*'];
    const bad = scopes.filter((s) => !ALL_SCOPES.includes(s));
    if (bad.length) throw new InvalidScopesError(`Unknown scope(s): ${bad.join(', ')}. Known: ${ALL_SCOPES.join(', ')}`);
    const accessToken = `sk_${randomBytes(24).toString('base64url')}`;
    const secret = `ss_${randomBytes(32).toString('base64url')}`;
    const expiresAt = input.expiresInDays !== undefined ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
    const key = await this.dataSource.getRepository(ApiKey).save({
      name: input.name,
      token_hash: sha256(accessToken),
      secret_hash: sha256(secret),
      scopes,
      expires_at: expiresAt,
    });
    return { id: key.id, name: key.name, scopes, access_token: accessToken, secret, expires_at: timestamp(expiresAt) };
  }

  async list(): Promise<ApiKey[]> {
    return this.dataSource.getRepository(ApiKey).find({ order: { id: 'ASC' } });
  }

  /** Returns false when there is no such key; revoking twice keeps the first time. */
  async revoke(id: number): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(ApiKey)
      .set({ revoked_at: () => 'COALESCE(revoked_at, now())' })
      .where('id = :id', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The key a token belongs to, if it is known, not revoked and not expired. */
  async authenticate(token: string): Promise<Principal | null> {
    const rows: { id: number; name: string; scopes: string[] }[] = await this.dataSource.query(
      `SELECT id, name, scopes FROM api_keys
        WHERE token_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row) return null;
    this.touch(row.id);
    return { apiKeyId: row.id, name: row.name, scopes: row.scopes };
  }

  private touch(id: number): void {
    const now = Date.now();
    if (now - (this.lastUsedWrites.get(id) ?? 0) < LAST_USED_RESOLUTION_MS) return;
    this.lastUsedWrites.set(id, now);
    // Not awaited: recording use must never slow down or fail the request it belongs to.
    this.dataSource.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [id]).catch(() => this.lastUsedWrites.delete(id));
  }
}
