import { useEffect, useRef, useState, type RefObject } from 'react';
import { chunkText, pickChineseVoice, readableText } from '../lib/read-aloud.ts';

type State = 'idle' | 'speaking' | 'paused';

/** The Mandarin voice once the browser has listed its voices (they arrive asynchronously: voiceschanged). */
function useChineseVoice(): SpeechSynthesisVoice | null {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  useEffect(() => {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
    const update = () => setVoice(pickChineseVoice(synth.getVoices()));
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, []);
  return voice;
}

/**
 * 朗读 / 暂停 / 继续 / 停止 for a detail page's main text (issue #18, 适老化通用设计规范), in Mandarin
 * with the browser's own voice. Shown only where the browser has a Chinese voice. The text is read
 * sentence by sentence (Chrome cuts long utterances off), from `source` at the moment 朗读 is
 * pressed; leaving the page stops it.
 */
export default function ReadAloudControls({ source }: { source: RefObject<HTMLElement | null> }) {
  const voice = useChineseVoice();
  const [state, setState] = useState<State>('idle');
  // Bumped on every start and stop: callbacks of an older reading do nothing.
  const run = useRef(0);

  useEffect(
    () => () => {
      run.current++;
      window.speechSynthesis?.cancel();
    },
    [],
  );
  useEffect(() => {
    const stop = () => {
      run.current++;
      window.speechSynthesis?.cancel();
      setState('idle');
    };
    window.addEventListener('pagehide', stop);
    return () => window.removeEventListener('pagehide', stop);
  }, []);

  if (!voice) return null;
  const synth = window.speechSynthesis;

  const start = () => {
    const el = source.current;
    if (!el) return;
    const chunks = chunkText(readableText(el));
    if (chunks.length === 0) return;
    synth.cancel();
    const id = ++run.current;
    const speak = (i: number) => {
      if (id !== run.current) return;
      if (i >= chunks.length) {
        setState('idle');
        return;
      }
      const u = new SpeechSynthesisUtterance(chunks[i]);
      u.lang = 'zh-CN';
      u.voice = voice;
      u.rate = 0.9; // a little slower than the default, for older listeners
      u.onend = () => speak(i + 1);
      u.onerror = (e) => {
        // `interrupted` / `canceled` come from our own stop; anything else ends the reading.
        if (id === run.current && e.error !== 'interrupted' && e.error !== 'canceled') setState('idle');
      };
      synth.speak(u);
    };
    setState('speaking');
    speak(0);
  };
  const stop = () => {
    run.current++;
    synth.cancel();
    setState('idle');
  };

  return (
    <div className="read-aloud" role="group" aria-label="朗读">
      {state === 'idle' ? (
        <button type="button" className="btn read-aloud-btn" onClick={start}>
          <SpeakerIcon />
          朗读
        </button>
      ) : (
        <>
          {state === 'speaking' ? (
            <button
              type="button"
              className="btn read-aloud-btn"
              onClick={() => {
                synth.pause();
                setState('paused');
              }}
            >
              暂停
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary read-aloud-btn"
              onClick={() => {
                synth.resume();
                setState('speaking');
              }}
            >
              继续
            </button>
          )}
          <button type="button" className="btn read-aloud-btn" onClick={stop}>
            停止
          </button>
          <span className="read-aloud-status" role="status">
            {state === 'speaking' ? '正在朗读…' : '已暂停'}
          </span>
        </>
      )}
    </div>
  );
}

function SpeakerIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 9v6h4l5 4V5L8 9H4z" fill="currentColor" />
      <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
