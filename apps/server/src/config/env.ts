import { z } from 'zod';

/**
 * Every environment variable the server reads, with its default. The README's table mirrors this schema;
 * a bad value stops the server at boot with a message naming the variable.
 */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, 'must be 1–64 letters, digits or . _ : -')
      .default('xemchung'),
    COMMAND_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(5000),
    DATA_DIR: z.string().min(1).default('./data'),
    OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    YOUTUBE_API_KEY: z.string().min(1).optional(),
    YOUTUBE_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://www.googleapis.com/youtube/v3'),
    YOUTUBE_OEMBED_URL: z.url({ protocol: /^https?$/ }).default('https://www.youtube.com/oembed'),
    YOUTUBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    POSTHOG_KEY: z.string().min(1).optional(),
    POSTHOG_HOST: z.url({ protocol: /^https?$/ }).default('https://us.i.posthog.com'),
    SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER) {
      for (const key of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when OIDC_ISSUER is set' });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
}
