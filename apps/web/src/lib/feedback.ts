/**
 * Toast and Dialog, imported per component and loaded on first use so they stay out of the entry
 * chunk (issue #6). antd-mobile's imperative APIs need the React 19 renderer set in main.tsx.
 */
let rendererSet: Promise<void> | null = null;

/** Design §8: antd-mobile's Toast/Dialog render nothing on React 19 until a renderer is registered. */
function ensureRenderer(): Promise<void> {
  rendererSet ??= Promise.all([import('antd-mobile/es/utils/unstable-render'), import('react-dom/client')]).then(
    ([{ unstableSetRender }, { createRoot }]) => {
      unstableSetRender((node, container) => {
        const el = container as (Element | DocumentFragment) & { _reactRoot?: ReturnType<typeof createRoot> };
        el._reactRoot ??= createRoot(el);
        const root = el._reactRoot;
        root.render(node);
        return async () => {
          await new Promise((resolve) => setTimeout(resolve, 0));
          root.unmount();
        };
      });
    },
  );
  return rendererSet;
}

export async function showToast(content: string, icon?: 'success' | 'fail'): Promise<void> {
  const [{ default: Toast }] = await Promise.all([import('antd-mobile/es/components/toast'), ensureRenderer()]);
  Toast.show({ content, icon, duration: 2000, maskClickable: true });
}

export async function showAlert(title: string, content?: string, confirmText = '确定'): Promise<void> {
  const [{ default: Dialog }] = await Promise.all([import('antd-mobile/es/components/dialog'), ensureRenderer()]);
  await Dialog.alert({ title, content, confirmText });
}

export async function showConfirm(title: string, content: string, confirmText: string, cancelText = '取消'): Promise<boolean> {
  const [{ default: Dialog }] = await Promise.all([import('antd-mobile/es/components/dialog'), ensureRenderer()]);
  return Dialog.confirm({ title, content, confirmText, cancelText });
}
