import { chromiumLaunch } from '../../playwright.config';

/**
 * Chromium as the specs of live media start it: its fake camera, microphone (a beep every second) and screen answer
 * getUserMedia and getDisplayMedia at once, with no prompt (R126, R127).
 */
export const fakeMediaLaunch = {
  ...chromiumLaunch,
  args: [...chromiumLaunch.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
};
