// Short WebAudio sounds, one per kind of event (no files); the mute choice is remembered.

const MUTE_KEY = "mesa:muted";

// kind -> notes [frequency Hz, length ms, wave]; played one after the other.
const KINDS = {
  move: [[520, 70, "triangle"]],
  play: [[560, 60, "triangle"], [700, 50, "triangle"]],
  capture: [[440, 60, "square"], [660, 80, "triangle"]],
  steal: [[330, 80, "sawtooth"], [495, 90, "triangle"]],
  draw: [[760, 45, "sine"]],
  discard: [[390, 70, "triangle"]],
  meld: [[523, 60, "sine"], [659, 60, "sine"], [784, 80, "sine"]],
  turn: [[880, 120, "sine"]],
  result: [[523, 110, "sine"], [659, 110, "sine"], [1046, 180, "sine"]],
  error: [[200, 180, "square"]],
};

export const sound = {
  ctx: null,
  muted: localStorage.getItem(MUTE_KEY) === "1",
  setMuted(muted) {
    this.muted = muted;
    localStorage.setItem(MUTE_KEY, muted ? "1" : "0");
  },
  // `quiet`: a sound for your own move is softer than for others'.
  play(kind, quiet = false) {
    if (this.muted) return;
    // Before the page's first tap or key the browser keeps any AudioContext suspended (autoplay
    // policy), so nothing would be heard; creating one then only blocked the page's first bot move.
    if (!this.ctx && navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
    const notes = KINDS[kind] || KINDS.move;
    try {
      this.ctx = this.ctx || new (window.AudioContext || window.webkitAudioContext)();
      let t = this.ctx.currentTime;
      for (const [freq, ms, type] of notes) {
        const osc = this.ctx.createOscillator();
        const vol = this.ctx.createGain();
        osc.type = type;
        osc.frequency.value = freq;
        vol.gain.value = (type === "square" || type === "sawtooth" ? 0.025 : 0.05) * (quiet ? 0.5 : 1);
        osc.connect(vol).connect(this.ctx.destination);
        vol.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
        osc.start(t);
        osc.stop(t + ms / 1000 + 0.02);
        t += ms / 1000;
      }
    } catch (e) { /* no audio here: silence is fine */ }
  },
};
