import { Modal } from '@arco-design/web-react';
import { deleteNamed } from '@core/wasm';
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

/**
 * 确定删除门店「西湖店」吗？ above the spec's warning (or `content`, saying who else loses it): the
 * dialog names what goes.
 */
export function confirmDelete(what: string, name: string, onOk: () => Promise<unknown>, content?: string) {
  confirmAction({ title: deleteNamed(what, name), content, onOk });
}
