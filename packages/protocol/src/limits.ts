/** Business limits shared by server validation and client forms (docs/product.md#limits). */
export const ROOM_NAME_MAX = 80;
export const PLAYLIST_MAX = 500;
export const TITLE_MAX = 200;
export const VIDEO_ID_MAX = 64;
export const URL_MAX = 2048;
