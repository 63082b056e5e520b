import { randomBytes } from 'node:crypto';
import { DISPLAY_NAME_MAX, displayNameProblem, type NameProblem } from '@xemchung/protocol';
import type { Db } from '../db/database.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

/** Every way a form can be wrong, with the Vietnamese text the page shows and the HTTP status it answers with. */
export const ACCOUNT_ERRORS = {
  invalid_email: { status: 400, message: 'Email không hợp lệ' },
  password_too_short: { status: 400, message: `Mật khẩu cần ít nhất ${PASSWORD_MIN} ký tự` },
  password_too_long: { status: 400, message: `Mật khẩu tối đa ${PASSWORD_MAX} ký tự` },
  display_name_required: { status: 400, message: 'Vui lòng nhập tên hiển thị' },
  display_name_too_long: { status: 400, message: `Tên hiển thị tối đa ${DISPLAY_NAME_MAX} ký tự` },
  display_name_invalid: { status: 400, message: 'Tên hiển thị có ký tự không được phép. Vui lòng đặt tên khác.' },
  email_taken: { status: 409, message: 'Email này đã có tài khoản' },
  too_many_accounts: {
    status: 429,
    message: 'Đã có nhiều tài khoản được tạo từ mạng của bạn. Vui lòng thử lại sau ít phút.',
  },
  bad_credentials: { status: 401, message: 'Email hoặc mật khẩu không đúng' },
} as const;
export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

export interface LocalAccount {
  id: string;
  email: string;
  displayName: string;
}

export type AccountResult = { ok: true; account: LocalAccount } | { ok: false; code: AccountErrorCode };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The form's answer to each way a display name breaks the name rule (R96). */
const DISPLAY_NAME_ERRORS: Record<NameProblem, AccountErrorCode> = {
  blank: 'display_name_required',
  invalid_character: 'display_name_invalid',
  too_long: 'display_name_too_long',
};

function validateRegistration(email: string, displayName: string, password: string): AccountErrorCode | null {
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return 'invalid_email';
  const nameProblem = displayNameProblem(displayName);
  if (nameProblem) return DISPLAY_NAME_ERRORS[nameProblem];
  if (password.length < PASSWORD_MIN) return 'password_too_short';
  if (password.length > PASSWORD_MAX) return 'password_too_long';
  return null;
}

/** Accounts of the embedded identity provider (table local_accounts). Emails are stored lower-cased. */
export class LocalAccounts {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async register(input: { email: string; displayName: string; password: string }): Promise<AccountResult> {
    const email = normalizeEmail(input.email);
    const displayName = input.displayName.trim();
    const invalid = validateRegistration(email, displayName, input.password);
    if (invalid) return { ok: false, code: invalid };
    const account = { id: randomBytes(16).toString('base64url'), email, displayName };
    // The hash is ready before the single insert, so a failure leaves nothing behind; a concurrent
    // registration of the same email loses on the unique index instead of making a second account.
    const result = await this.db
      .insertInto('local_accounts')
      .values({
        id: account.id,
        email,
        display_name: displayName,
        password_hash: await hashPassword(input.password),
        created_at: Date.now(),
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return { ok: false, code: 'email_taken' };
    return { ok: true, account };
  }

  async authenticate(input: { email: string; password: string }): Promise<AccountResult> {
    const email = normalizeEmail(input.email);
    const row =
      email.length <= EMAIL_MAX && input.password.length <= PASSWORD_MAX
        ? await this.db.selectFrom('local_accounts').selectAll().where('email', '=', email).executeTakeFirst()
        : undefined;
    const matches = await verifyPassword(
      input.password.slice(0, PASSWORD_MAX),
      row?.password_hash ?? (await decoyHash),
    );
    if (!row || !matches) return { ok: false, code: 'bad_credentials' };
    return { ok: true, account: { id: row.id, email: row.email, displayName: row.display_name } };
  }

  async find(id: string): Promise<LocalAccount | null> {
    const row = await this.db.selectFrom('local_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { id: row.id, email: row.email, displayName: row.display_name } : null;
  }
}
