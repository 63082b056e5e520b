/**
 * A start that failed for a reason the operator can fix: the setting to look at and, in the message, what to do.
 * main.ts prints it as one line, with no stack trace unless LOG_LEVEL is debug or trace.
 */
export class StartupError extends Error {
  readonly setting: string;

  constructor(setting: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.setting = setting;
  }
}

/** `EACCES` from a Node system error, for the message; '' when there is none. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Why a folder cannot be written, in words. */
function folderProblem(code: string): string {
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'it is a file, or inside one';
  if (code === 'EROFS') return 'it is on a read-only file system';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code || 'not writable';
}

export function dataDirError(dataDir: string, error: unknown): StartupError {
  return new StartupError(
    'DATA_DIR',
    `Cannot start: DATA_DIR ${dataDir} is not a writable folder (${folderProblem(errorCode(error))}); let the user running XemChung write there, or set DATA_DIR to a folder it can write`,
    { cause: error },
  );
}

/** What `listen()` failing means, for the address the server was told to use. */
export function listenError(error: unknown, port: number, host: string): StartupError | null {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return new StartupError(
        'PORT',
        `Cannot start: PORT ${port} is already in use on ${host}; stop the program using it, or set PORT to a free port`,
        { cause: error },
      );
    case 'EACCES':
      return new StartupError(
        'PORT',
        `Cannot start: PORT ${port} needs privileges this user does not have; set PORT to 1024 or above (with a reverse proxy on 80/443)`,
        { cause: error },
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        'HOST',
        `Cannot start: HOST ${host} is not an address of this machine; set HOST to one of its addresses, or 0.0.0.0 for all`,
        { cause: error },
      );
    default:
      return null;
  }
}
