import {
  decodeSubtitleBytes,
  parseSubtitles,
  SUBTITLE_FILE_BYTES_MAX,
  type SubtitleUpload,
  toWebVtt,
} from '@xemchung/protocol';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { sendError } from '../http/errors.ts';
import { PersonRate } from '../limits/person-rate.ts';
import type { RoomRepository } from './room-repository.ts';
import { saveSubtitleFile, subtitleVtt } from './subtitle-files.ts';

/** Uploads one client address may make (R111): 10 at once, then one a minute. */
export const SUBTITLE_UPLOAD_ADDRESS_RATE = { capacity: 10, refillPerSecond: 1 / 60 } as const;
/** Uploads into one room, from every address together (R111): 30 at once, then one every 20 s. */
export const SUBTITLE_UPLOAD_ROOM_RATE = { capacity: 30, refillPerSecond: 1 / 20 } as const;

export interface SubtitleRouteDeps {
  db: Db;
  rooms: RoomRepository;
  now?: () => number;
}

/** Where a subtitle file goes up (also the one route the CSRF check lets carry bytes, http/origin-check.ts). */
export const SUBTITLE_UPLOAD_ROUTE = '/api/rooms/:roomId/subtitles';

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * R109–R111: a subtitle file goes up as its bytes (`application/octet-stream`, at most SUBTITLE_FILE_BYTES_MAX), is
 * read here — encoding told, cues parsed and cleaned — and kept as WebVTT under a random id that only its uploader
 * learns; a room command attaches it to an item, which is where the room's permissions apply. Any viewer of the room
 * fetches an attached file's WebVTT by id. Nothing of a refused file is stored.
 */
export async function registerSubtitleRoutes(app: FastifyInstance, deps: SubtitleRouteDeps) {
  const now = deps.now ?? Date.now;
  const addressRate = new PersonRate({ ...SUBTITLE_UPLOAD_ADDRESS_RATE, now });
  const roomRate = new PersonRate({ ...SUBTITLE_UPLOAD_ROOM_RATE, now });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: SUBTITLE_FILE_BYTES_MAX },
      (_request, body, done) => done(null, body),
    );

    scope.post(SUBTITLE_UPLOAD_ROUTE, { bodyLimit: SUBTITLE_FILE_BYTES_MAX }, async (request, reply) => {
      const { roomId } = request.params as { roomId: string };
      if (!Buffer.isBuffer(request.body)) {
        return sendError(reply, 415, 'unsupported_media_type', 'Send the file as application/octet-stream');
      }
      if (!ROOM_ID.test(roomId) || !(await deps.rooms.load(roomId))) {
        return sendError(reply, 404, 'room_not_found', 'No such room');
      }
      if (!addressRate.take(request.ip) || !roomRate.take(roomId)) {
        return sendError(reply, 429, 'rate_limited', 'Too many subtitle files; try again in a minute');
      }
      const decoded = decodeSubtitleBytes(new Uint8Array(request.body));
      if ('problem' in decoded) {
        return decoded.problem === 'binary'
          ? sendError(reply, 422, 'subtitle_binary', 'This is not a text file')
          : sendError(reply, 422, 'subtitle_encoding', 'The text encoding of this file cannot be told');
      }
      const parsed = parseSubtitles(decoded.text);
      if ('problem' in parsed) return sendError(reply, 422, 'not_subtitles', 'This is not an SRT or WebVTT file');
      if (parsed.cues.length === 0) {
        return sendError(reply, 422, 'subtitle_empty', `None of the file's ${parsed.skipped} cues could be read`);
      }
      const id = await saveSubtitleFile(deps.db, roomId, toWebVtt(parsed.cues), parsed.cues.length, now());
      const upload: SubtitleUpload = {
        id,
        cues: parsed.cues.length,
        skipped: parsed.skipped,
        format: parsed.format,
        encoding: decoded.encoding,
      };
      return reply.code(201).send(upload);
    });
  });

  app.get('/api/rooms/:roomId/subtitles/:fileId', async (request, reply) => {
    const { roomId, fileId } = request.params as { roomId: string; fileId: string };
    const vtt = ROOM_ID.test(roomId) && FILE_ID.test(fileId) ? await subtitleVtt(deps.db, roomId, fileId) : null;
    if (vtt === null) return sendError(reply, 404, 'subtitle_not_found', 'No such subtitle file');
    // A file's id names its content for good: it is never rewritten, only deleted.
    return reply
      .header('content-type', 'text/vtt; charset=utf-8')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(vtt);
  });
}
