// hls.js ships no types for its light build; it is the same class with fewer features.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
