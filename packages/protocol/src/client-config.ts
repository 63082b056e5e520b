/**
 * Body of `GET /api/client-config`: settings the web app learns at run time, so one build serves every
 * deployment.
 */
export interface ClientConfig {
  /** Null when error reporting is off (then the browser SDK is never loaded). */
  sentryDsn: string | null;
  /** The operator's support page (SUPPORT_URL, http or https): 'Hỗ trợ' in the side menu, the privacy page. */
  supportUrl: string;
  /** Where copyright complaints go (CONTACT_EMAIL): the terms and privacy pages. */
  contactEmail: string;
}
