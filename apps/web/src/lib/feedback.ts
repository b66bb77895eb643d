/**
 * Toast and Dialog, imported per component and loaded on first use so they stay out of the entry
 * chunk (issue #6). antd-mobile's imperative APIs need the React 19 renderer set in main.tsx.
 */
export async function showToast(content: string, icon?: 'success' | 'fail'): Promise<void> {
  const { default: Toast } = await import('antd-mobile/es/components/toast');
  Toast.show({ content, icon, duration: 2000, maskClickable: true });
}

export async function showAlert(title: string, content?: string, confirmText = '确定'): Promise<void> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  await Dialog.alert({ title, content, confirmText });
}

export async function showConfirm(title: string, content: string, confirmText: string, cancelText = '取消'): Promise<boolean> {
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  return Dialog.confirm({ title, content, confirmText, cancelText });
}
