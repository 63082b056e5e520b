import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import { z } from 'zod';
import type { RouteRateLimit } from '../http/rate-limit.ts';
import { PersonRate } from '../limits/person-rate.ts';
import { OIDC_MOUNT } from './embedded-idp.ts';
import { type InteractionView, pageCsp, renderInteractionPage, renderMessagePage } from './interaction-page.ts';
import { ACCOUNT_ERRORS, type AccountResult, type LocalAccounts } from './local-accounts.ts';

export interface InteractionRouteDeps {
  provider: Provider;
  accounts: LocalAccounts;
  rateLimit: RouteRateLimit;
  /**
   * Accounts one client address may make in an hour (R105, SIGNUPS_PER_ADDRESS_PER_HOUR): all at once, then
   * evenly through the hour. A household signing up fits; a banned user making account after account to come
   * back (R104) does not.
   */
  signupsPerHour: number;
  now?: () => number;
}

const paramsSchema = z.object({ uid: z.string().min(1).max(64) });
const viewSchema = z.object({ view: z.enum(['login', 'register']).catch('login') }).catch({ view: 'login' });
/** Form fields are bounded here; their meaning is checked by LocalAccounts. Repeated fields fail the parse. */
const formSchema = z.object({
  email: z.string().max(1000).default(''),
  password: z.string().max(1000).default(''),
  displayName: z.string().max(1000).default(''),
});
const FORM_BODY_LIMIT = 8 * 1024;

function sendHtml(reply: FastifyReply, status: number, render: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', pageCsp(nonce))
    .send(render(nonce));
}

const sendGone = (reply: FastifyReply) =>
  sendHtml(reply, 400, (nonce) =>
    renderMessagePage('Phiên đăng nhập đã hết hạn', 'Vui lòng đóng cửa sổ này và bấm đăng nhập lại.', nonce),
  );

/**
 * The login interaction of the embedded identity provider: our Vietnamese page, its two forms and cancel.
 * Every handler first loads the interaction from its signed cookie; a missing, expired or foreign one ends
 * on the "expired" page and changes nothing.
 */
export function registerInteractionRoutes(app: FastifyInstance, deps: InteractionRouteDeps): void {
  const { provider, accounts } = deps;
  const postOptions = { bodyLimit: FORM_BODY_LIMIT, config: { rateLimit: deps.rateLimit } };

  async function loadInteraction(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | null> {
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) return null;
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === params.data.uid ? interaction : null;
    } catch {
      return null;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  app.get(`${OIDC_MOUNT}/interaction/:uid`, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendGone(reply);
    if (interaction.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant; any other prompt is not something this page can answer.
      return finish(request, reply, { error: 'access_denied', error_description: 'unsupported prompt' });
    }
    const { view } = viewSchema.parse(request.query);
    return sendHtml(reply, 200, (nonce) => renderInteractionPage({ uid: interaction.uid, view, nonce }));
  });

  const submit =
    (view: InteractionView, act: (form: z.infer<typeof formSchema>) => Promise<AccountResult>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const interaction = await loadInteraction(request, reply);
      if (interaction?.prompt.name !== 'login') return sendGone(reply);
      const parsed = formSchema.safeParse(request.body ?? {});
      const form = parsed.success ? parsed.data : { email: '', password: '', displayName: '' };
      const result: AccountResult = parsed.success ? await act(form) : { ok: false, code: 'invalid_email' };
      if (result.ok) return finish(request, reply, { login: { accountId: result.account.id } });
      const error = ACCOUNT_ERRORS[result.code];
      return sendHtml(reply, error.status, (nonce) =>
        renderInteractionPage({
          uid: interaction.uid,
          view,
          nonce,
          error: { code: result.code, message: error.message },
          email: form.email.slice(0, 254),
          displayName: form.displayName.slice(0, 60),
        }),
      );
    };

  app.post(
    `${OIDC_MOUNT}/interaction/:uid/login`,
    postOptions,
    submit('login', (form) => accounts.authenticate(form)),
  );
  // R105: new accounts per client address, counted when one is made; a form with a typo costs nothing.
  const registrations = new PersonRate({
    capacity: deps.signupsPerHour,
    refillPerSecond: deps.signupsPerHour / 3600,
    now: deps.now ?? Date.now,
  });
  app.post(`${OIDC_MOUNT}/interaction/:uid/register`, postOptions, (request, reply) =>
    submit('register', async (form) => {
      if (!registrations.available(request.ip)) return { ok: false, code: 'too_many_accounts' };
      const result = await accounts.register(form);
      if (result.ok) registrations.take(request.ip);
      return result;
    })(request, reply),
  );

  app.post(`${OIDC_MOUNT}/interaction/:uid/abort`, postOptions, async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (!interaction) return sendGone(reply);
    return finish(request, reply, { error: 'access_denied', error_description: 'the user cancelled the sign-in' });
  });
}
