/**
 * The microphone control of the input (spec 1 §2.6): idle, recording (with stop-and-send and cancel),
 * sending. Recordings are sent as MP3 at 128 kbps; under 10000 bytes they are discarded.
 */
import { Button, makeStyles, Spinner, Text, tokens, Tooltip } from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss';
import { Mic24Regular } from '@fluentui/react-icons/svg/mic';
import { Send24Regular } from '@fluentui/react-icons/svg/send';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../feedback/toast';
import { useTexts } from '../../i18n/texts';
import { recordingToMp3, startRecording, type Recording } from './audio-recorder';
import { isRecordingKept, MP3_MIME_TYPE } from './mp3-format';
import { conversationTexts } from './texts';

type RecorderState = 'idle' | 'recording' | 'sending';

const useStyles = makeStyles({
  recording: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: {
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteRedBackground3,
  },
});

const formatElapsed = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function AudioRecorder({ disabled, send }: { readonly disabled: boolean; readonly send: (file: File) => Promise<void> }) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).input;
  const toast = useToast();
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const recording = useRef<Recording | null>(null);

  // Leaving the ticket while recording must release the microphone.
  useEffect(() => () => recording.current?.cancel(), []);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => setElapsed((seconds) => seconds + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);

  const start = async () => {
    try {
      recording.current = await startRecording();
      setElapsed(0);
      setState('recording');
    } catch {
      toast.error(texts.microphoneUnavailable);
    }
  };

  const cancel = () => {
    recording.current?.cancel();
    recording.current = null;
    setState('idle');
  };

  const stopAndSend = async () => {
    const current = recording.current;
    if (!current) return;
    recording.current = null;
    setState('sending');
    try {
      const mp3 = await recordingToMp3(await current.stop());
      if (!isRecordingKept(mp3.size)) {
        toast.info(texts.recordingTooShort);
        return;
      }
      await send(new File([mp3], `audio-${new Date().toISOString().replace(/[:.]/g, '-')}.mp3`, { type: MP3_MIME_TYPE }));
    } catch (error) {
      toast.error(error);
    } finally {
      setState('idle');
    }
  };

  if (state === 'sending') return <Spinner size="tiny" label={texts.sendingAudio} />;

  if (state === 'recording') {
    return (
      <div className={styles.recording} role="status" aria-label={texts.recording}>
        <Tooltip content={texts.cancelRecording} relationship="label">
          <Button appearance="subtle" icon={<Dismiss20Regular />} onClick={cancel} />
        </Tooltip>
        <span className={styles.dot} />
        <Text>{formatElapsed(elapsed)}</Text>
        <Tooltip content={texts.stopRecording} relationship="label">
          <Button appearance="primary" icon={<Send24Regular />} onClick={() => void stopAndSend()} />
        </Tooltip>
      </div>
    );
  }

  return (
    <Tooltip content={texts.record} relationship="label">
      <Button appearance="subtle" icon={<Mic24Regular />} disabled={disabled} onClick={() => void start()} />
    </Tooltip>
  );
}
