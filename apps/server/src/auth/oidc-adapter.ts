import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.ts';

/**
 * oidc-provider's storage on our database (table oidc_payloads), so interactions, codes and grants survive a
 * restart and are shared by every node. Expiry is a column: reads ignore expired rows and retention/cleanup.ts deletes them.
 */
export class KyselyOidcAdapter implements Adapter {
  private readonly db: Db;
  private readonly model: string;
  private readonly now: () => number;

  constructor(db: Db, model: string, now: () => number = Date.now) {
    this.db = db;
    this.model = model;
    this.now = now;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresIn ? this.now() + expiresIn * 1000 : null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  /** Marks a one-time artefact (an authorization code) as used; oidc-provider refuses it afterwards. */
  async consume(id: string): Promise<void> {
    const found = await this.find(id);
    if (!found) return;
    await this.db
      .updateTable('oidc_payloads')
      .set({ payload: JSON.stringify({ ...found, consumed: Math.floor(this.now() / 1000) }) })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  /** Revoking a grant removes everything issued under it, whatever the model. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= this.now())) return undefined;
    return JSON.parse(row.payload) as AdapterPayload;
  }
}

/** The factory form oidc-provider accepts for `adapter`: one adapter per model name. */
export function kyselyOidcAdapter(db: Db): (model: string) => Adapter {
  return (model) => new KyselyOidcAdapter(db, model);
}

/**
 * Deletes at most `limit` rows expired at `now` (which reads already ignore); returns how many.
 * retention/cleanup.ts calls it in batches, inside its transaction.
 */
export async function deleteExpiredOidcPayloads(db: Db, now: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('model', 'id'),
        'in',
        selectFrom('oidc_payloads')
          .select(['model', 'id'])
          .where('expires_at', '<=', now)
          .limit(limit)
          .$asTuple('model', 'id'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
