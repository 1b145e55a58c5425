import { useEffect, useId } from 'react';

/** A select, tree select or date picker: Esc there is the picker's before it is the dialog's. */
const PICKER = '.arco-select, .arco-tree-select, .arco-picker, [role="combobox"]';
/** A picker's drop-down, rendered outside the dialog: choosing there may leave focus nowhere. */
const PICKER_POPUP = '.arco-trigger, .arco-select-popup, .arco-tree-select-popup, .arco-picker-container';
/** The layers Esc closes, one at a time: dialogs (a confirm too) and drawers. */
const LAYER = '.arco-modal-wrapper, .arco-drawer-wrapper';

/** Whether the layer marked `mark` is the topmost one showing: the last shown in the page
 *  (each opens at the end of the body, over those open before). */
function onTop(mark: string): boolean {
  const shown = [...document.querySelectorAll(LAYER)].filter((layer) => layer.getClientRects().length > 0);
  return Boolean(shown.at(-1)?.closest(`.${mark}`));
}

/**
 * Esc in a dialog or drawer: only the topmost layer closes (写跟进 over the customer's drawer
 * closes, the drawer stays). On a picker the user has worked (clicked, typed or chosen in), the
 * first Esc is the picker's (an open one closes; a closed one keeps the dialog, so an Esc after
 * choosing loses nothing) and the next Esc closes the layer; anywhere else, a picker merely
 * focused as the dialog opened (暂缓's 原因, 登记钥匙's 钥匙类型) too, Esc closes it. Listened for in the capture phase, because Arco's tree
 * select stops every key at itself, open or not, and stopped there once taken, so no layer
 * under it (an Arco drawer's own Esc) closes as well. The layer sets Arco's own `escToExit` off
 * and carries the returned class (`wrapClassName`), by which it knows whether it is on top.
 */
export function useEscToClose(visible: boolean, onClose: () => void): string {
  const mark = `esc-layer-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useEffect(() => {
    if (!visible) return;
    // The last key was an Esc a picker took: the next Esc is the dialog's.
    let pickerHadEsc = false;
    // The user's last click or key (other than Tab) was on a picker or in its drop-down.
    let workedPicker = false;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.key !== 'Escape' || event.isComposing) {
        pickerHadEsc = false;
        workedPicker = event.key !== 'Tab' && Boolean(target?.closest(`${PICKER}, ${PICKER_POPUP}`));
        return;
      }
      if (!onTop(mark)) return;
      if (target?.closest('[aria-expanded="true"]') || (workedPicker && !pickerHadEsc)) {
        pickerHadEsc = true;
        workedPicker = false;
        return;
      }
      pickerHadEsc = false;
      event.stopImmediatePropagation();
      onClose();
    };
    const onPointer = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      pickerHadEsc = false;
      workedPicker = Boolean(target?.closest(`${PICKER}, ${PICKER_POPUP}`));
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('mousedown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('mousedown', onPointer, true);
    };
  }, [visible, onClose, mark]);
  return mark;
}
