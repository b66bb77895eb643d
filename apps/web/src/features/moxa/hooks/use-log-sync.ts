import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionInput } from '@moxa/core/moxa/moxa-contract';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { hasConsent, isConsentRequired } from '../../../lib/consent.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { deleteAllSessions, deleteSession, importSessions, useSessions } from '../api/sessions.ts';
import type { LoggedSession } from '../utils/course.ts';
import { moxaStore } from '../utils/moxa-storage.ts';
import { useDeviceSessions } from './use-device-sessions.ts';

const BATCH = 200;
export const fmtDate = (at: number) => {
  const d = new Date(at);
  return `${d.getMonth() + 1}月${d.getDate()}日 ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/**
 * Where the moxibustion log lives and how it moves (issue #18, issue #27 item 15): logged out on this
 * device; logged in on the account, plus sessions whose upload failed (sent again whenever the log
 * opens, if the separate consent is in force) and the device's logged-out sessions, offered to the
 * account (asked first). Also deleting one or all, wherever they are.
 */
export function useLogSync() {
  const info = useLoginInfo();
  const loggedIn = Boolean(info.token);
  const userId = info.user.id;
  const store = useMemo(() => moxaStore(), []);
  const queryClient = useQueryClient();
  const server = useSessions();
  const { device, pending, declinedAt } = useDeviceSessions(loggedIn ? userId : null);
  const [busy, setBusy] = useState(false);
  const consent = useConsentGate('moxa-log');
  /** Sessions on this phone wait for the separate consent: said 暂不保存, or withdrawn. */
  const [held, setHeld] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });

  // Sessions whose upload failed go again whenever the log opens, if the consent is in force.
  useEffect(() => {
    if (!loggedIn || pending.length === 0) return;
    let live = true;
    const batch = pending.slice(0, BATCH);
    hasConsent('moxa-log')
      .then(async (agreed) => {
        if (live) setHeld(!agreed);
        if (!agreed) return;
        await importSessions(batch);
        store.removePending(
          userId,
          batch.map((s) => s.clientId),
        );
        void queryClient.invalidateQueries({ queryKey: ['moxa', 'sessions'] });
      })
      .catch((e: unknown) => {
        if (isConsentRequired(e) && live) setHeld(true);
      });
    return () => {
      live = false;
    };
  }, [loggedIn, pending, store, userId, queryClient]);

  /** Sends sessions to the account under the consent (asked the first time), then removes them from the phone. */
  const upload = async (list: SessionInput[], removeSent: () => void): Promise<void> => {
    setBusy(true);
    try {
      const sent = await consent.run(async () => {
        for (let i = 0; i < list.length; i += BATCH) await importSessions(list.slice(i, i + BATCH));
        return true;
      });
      if (!sent) return;
      removeSent();
      await refresh();
      void showToast(`已把 ${list.length} 条记录保存到账号`, 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    } finally {
      setBusy(false);
    }
  };

  const tryDelete = async (run: () => Promise<void> | void, done: string) => {
    try {
      await run();
      await refresh();
      void showToast(done, 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };

  return {
    loggedIn,
    server,
    device,
    pending,
    busy,
    held: loggedIn && held && pending.length > 0,
    /** What the log shows: the account's and those waiting for upload, or this phone's. */
    sessions: (loggedIn ? [...(server.data ?? []), ...pending] : device) as LoggedSession[],
    offerImport: loggedIn && device.length > 0 && declinedAt !== device.length,
    consentSheet: consent.sheet,

    /** 保存到账号 for the device's logged-out sessions; 暂不保存 leaves them on this phone. */
    importDevice: () => upload(device, () => store.removeFromDeviceLog(device.map((s) => s.clientId))),
    /** 暂不: not offered again until the device has more. */
    declineImport: () => store.decline(userId, device.length),
    /** 保存到账号 for sessions held on this phone for want of the consent. */
    savePending: () =>
      upload(pending, () => {
        store.removePending(
          userId,
          pending.map((s) => s.clientId),
        );
        setHeld(false);
      }),

    async remove(s: LoggedSession) {
      if (!(await showConfirm('删除这条记录？', `${fmtDate(s.startedAt)} ${s.title}`, '删除'))) return;
      await tryDelete(async () => {
        if (s.id) await deleteSession(s.id);
        else if (loggedIn) store.removePending(userId, [s.clientId]);
        else store.removeFromDeviceLog([s.clientId]);
      }, '已删除');
    },

    async removeAll() {
      const where = loggedIn ? '账号里的全部艾灸记录' : '这台手机上的全部艾灸记录';
      if (!(await showConfirm('删除全部记录？', `将永久删除${where}，不能恢复。`, '全部删除'))) return;
      await tryDelete(async () => {
        if (loggedIn) {
          await deleteAllSessions();
          store.removePending(
            userId,
            pending.map((s) => s.clientId),
          );
        } else store.removeFromDeviceLog(device.map((s) => s.clientId));
      }, '已全部删除');
    },
  };
}
