import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
import { Webhook } from './webhook.entity.js';

/** The statements of webhook endpoints: their table, and the rotation of a secret. */
@Injectable()
export class WebhookEndpointsRepository {
  /** Endpoints, addressed by id. */
  readonly webhooks: Table<Webhook>;

  constructor(dataSource: DataSource) {
    this.webhooks = new Table(dataSource, Webhook, { alt: null, label: 'Webhook' });
  }

  /**
   * A new secret for an endpoint; the one it replaces keeps signing deliveries beside it for
   * PREVIOUS_SECRET_SECONDS (a second rotation within that time drops the oldest).
   */
  @GenerateSql({ args: [SqlArg.manager, 1, 'whsec_0000000000000000000000000000000000000000000000000000000000000000'] })
  async rotateSecret(m: EntityManager, webhookId: number, secret: string): Promise<Webhook> {
    const [row] = await runStatement<Webhook>(
      m,
      `UPDATE ${this.webhooks.sqlName} SET previous_secret = secret, secret_rotated_at = now(), secret = $2, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [webhookId, secret],
    );
    return row;
  }
}
