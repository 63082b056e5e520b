// hls.js ships no type declarations for its light build; it has the same API as the full one.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
