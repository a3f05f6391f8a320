/**
 * Every sound is made on the spot with WebAudio — nothing to download. The context is created
 * on the first sound after a user gesture, as browsers require.
 */
export type SoundName = 'place' | 'draw' | 'score' | 'turn' | 'win' | 'muggins' | 'error' | 'deal' | 'lowTime';

let ctx: AudioContext | null = null;

function context(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  // Before the player's first tap or key the browser would only warn about a context it keeps
  // suspended (one warning a sound): the first sounds are skipped instead.
  if (ctx === null && typeof navigator !== 'undefined' && 'userActivation' in navigator && !navigator.userActivation.hasBeenActive) return null;
  ctx ??= new AudioContext();
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

function noise(c: AudioContext, seconds: number): AudioBuffer {
  const buffer = c.createBuffer(1, Math.ceil(c.sampleRate * seconds), c.sampleRate);
  const data = buffer.getChannelData(0);
  // A fixed pseudo-random sequence: the same click every time.
  let x = 12345;
  for (let i = 0; i < data.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (x / 0x3fffffff - 1) * (1 - i / data.length);
  }
  return buffer;
}

function tone(c: AudioContext, at: number, freq: number, length: number, type: OscillatorType, gain: number, slideTo?: number): void {
  const osc = c.createOscillator();
  const amp = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (slideTo !== undefined) osc.frequency.exponentialRampToValueAtTime(slideTo, at + length);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(c.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

function click(c: AudioContext, at: number, freq: number, gain: number, length = 0.05): void {
  const src = c.createBufferSource();
  src.buffer = noise(c, length);
  const band = c.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = freq;
  band.Q.value = 3;
  const amp = c.createGain();
  amp.gain.value = gain;
  src.connect(band).connect(amp).connect(c.destination);
  src.start(at);
}

const NOTES = { C5: 523.25, E5: 659.25, G5: 783.99, C6: 1046.5, E6: 1318.5, G6: 1568 };

export function playSound(name: SoundName): void {
  const c = context();
  if (c === null) return;
  const t = c.currentTime + 0.01;
  switch (name) {
    case 'place':
      // Two ivory clicks and a soft knock on the felt.
      click(c, t, 2600, 0.9);
      click(c, t + 0.018, 1800, 0.5);
      tone(c, t, 190, 0.08, 'sine', 0.25);
      return;
    case 'deal':
      for (let i = 0; i < 4; i++) click(c, t + i * 0.06, 3200, 0.35, 0.03);
      return;
    case 'draw':
      click(c, t, 1200, 0.5, 0.12);
      click(c, t + 0.05, 2400, 0.3, 0.05);
      return;
    case 'score':
      [NOTES.C6, NOTES.E6, NOTES.G6].forEach((f, i) => tone(c, t + i * 0.07, f, 0.35, 'triangle', 0.18));
      return;
    case 'turn':
      tone(c, t, NOTES.G5, 0.18, 'sine', 0.12);
      tone(c, t + 0.12, NOTES.C6, 0.25, 'sine', 0.12);
      return;
    case 'win':
      [NOTES.C5, NOTES.E5, NOTES.G5, NOTES.C6, NOTES.E6].forEach((f, i) => tone(c, t + i * 0.11, f, 0.6, 'triangle', 0.2));
      return;
    case 'muggins':
      tone(c, t, 620, 0.35, 'square', 0.08, 180);
      return;
    case 'error':
      tone(c, t, 150, 0.15, 'triangle', 0.2);
      return;
    case 'lowTime':
      // Two short high beeps: time is running out on the player's turn.
      tone(c, t, 880, 0.09, 'square', 0.07);
      tone(c, t + 0.16, 880, 0.09, 'square', 0.07);
      return;
    default:
      return assertNever(name);
  }
}

function assertNever(x: never): never {
  throw new Error(`unknown sound ${String(x)}`);
}
