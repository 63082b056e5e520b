import { useEffect, useState } from 'react';

/** Loudness (RMS of the waveform) above which someone counts as speaking. */
const SPEAKING_RMS = 0.01;
const SAMPLE_MS = 200;
/** How long the ring stays after the last loud sample, so that it does not flicker between words. */
const HOLD_MS = 600;

let context: AudioContext | null = null;

/**
 * Whether the sound of `stream` was above silence within the last HOLD_MS (R127's speaking indicator), sampled five
 * times a second. The
 * page's one AudioContext is made on first use, which comes after the click that joined the call.
 */
export function useSpeaking(stream: MediaStream | undefined): boolean {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    setSpeaking(false);
    if (!stream || typeof AudioContext === 'undefined') return;
    let source: MediaStreamAudioSourceNode | null = null;
    context ??= new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const samples = new Float32Array(analyser.fftSize);
    const connect = () => {
      if (source || stream.getAudioTracks().length === 0 || !context) return;
      source = context.createMediaStreamSource(stream);
      source.connect(analyser);
    };
    connect();
    stream.addEventListener('addtrack', connect);
    let loudAt = Number.NEGATIVE_INFINITY;
    const timer = setInterval(() => {
      if (context?.state === 'suspended') void context.resume();
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const now = performance.now();
      if (Math.sqrt(sum / samples.length) > SPEAKING_RMS) loudAt = now;
      setSpeaking(now - loudAt < HOLD_MS);
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      stream.removeEventListener('addtrack', connect);
      source?.disconnect();
    };
  }, [stream]);
  return speaking;
}
