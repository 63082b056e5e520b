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
  /** The STUN and TURN servers for own files' WebRTC connections (ICE_SERVERS, R114); empty when none is set. */
  iceServers: IceServer[];
  /** Whether the server runs an SFU (SFU, R129): then a screen share goes through it rather than tab to tab. */
  sfu: boolean;
}

/**
 * One STUN or TURN server, as RTCPeerConnection takes it (RTCIceServer): `stun:`, `turn:` or `turns:` URLs; a TURN
 * server's username and credential.
 */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}
