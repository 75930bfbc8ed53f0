/**
 * Microphone recording in the browser (spec 1 §2.6): MediaRecorder captures in whatever format the
 * browser records (WebM/Opus, MP4/AAC ...), Web Audio decodes it, and mp3.ts encodes the samples as
 * MP3 at 128 kbps, the one format every WhatsApp client plays.
 */
import { MP3_MIME_TYPE } from './mp3-format';

export interface Recording {
  /** Stops and answers what was recorded. */
  stop(): Promise<Blob>;
  /** Stops and throws the recording away. */
  cancel(): void;
}

export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const release = () => stream.getTracks().forEach((track) => track.stop());
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream);
  } catch (error) {
    release();
    throw error;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.start();

  return {
    stop: () =>
      new Promise<Blob>((resolve, reject) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(chunks, { type: recorder.mimeType }));
        };
        recorder.onerror = () => {
          release();
          reject(new Error('recording failed'));
        };
        if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
        else recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}

/** The recording as an MP3 file (mono or stereo, at the recording's sample rate). */
export async function recordingToMp3(recording: Blob): Promise<Blob> {
  // The encoder is loaded on first use: most visits of the ticket page record nothing.
  const { encodeMp3 } = await import('./mp3');
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recording.arrayBuffer());
    const channels = Array.from({ length: Math.min(2, audio.numberOfChannels) }, (_, index) => audio.getChannelData(index));
    return new Blob([encodeMp3(channels, audio.sampleRate)], { type: MP3_MIME_TYPE });
  } finally {
    void context.close();
  }
}
