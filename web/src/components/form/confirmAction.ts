import { Modal } from '@arco-design/web-react';
import { TEXT } from '../../config/coreData';

export interface ConfirmOptions {
  title?: string;
  content?: string;
  /** Runs on 确定; the dialog waits for it. */
  onOk: () => Promise<unknown>;
  /** A red 确定, for what cannot be undone. Default true. */
  danger?: boolean;
}

/** A confirmation before an irreversible or weighty action; the delete text is spec §8's. */
export function confirmAction({ title = '提示', content = TEXT.deleteConfirm, onOk, danger = true }: ConfirmOptions) {
  Modal.confirm({
    title,
    content,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: { status: danger ? 'danger' : undefined, 'data-testid': 'confirm-ok' } as object,
    // A failure was already toasted by the request client; the dialog just closes.
    onOk: () => onOk().catch(() => undefined),
  });
}
