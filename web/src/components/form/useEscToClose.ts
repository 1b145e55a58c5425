import { useEffect } from 'react';

/** A select, tree select or date picker: Esc there is the picker's before it is the dialog's. */
const PICKER = '.arco-select, .arco-tree-select, .arco-picker, [role="combobox"]';
/** A picker's drop-down, rendered outside the dialog: choosing there may leave focus nowhere. */
const PICKER_POPUP = '.arco-trigger, .arco-select-popup, .arco-tree-select-popup, .arco-picker-container';

/**
 * Esc in a dialog: on a picker, the first Esc is the picker's (an open one closes; a closed one
 * keeps the dialog, so an Esc after choosing loses nothing) and the next Esc closes the dialog;
 * anywhere else Esc closes the dialog. Listened for in the capture phase, because Arco's tree
 * select stops every key at itself, open or not. The dialog sets Arco's own `escToExit` off so one
 * Esc never does both.
 */
export function useEscToClose(visible: boolean, onClose: () => void): void {
  useEffect(() => {
    if (!visible) return;
    // The last key was an Esc a picker took: the next Esc is the dialog's.
    let pickerHadEsc = false;
    // The user's last click was on a picker or in its drop-down.
    let clickedPicker = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) {
        pickerHadEsc = false;
        clickedPicker = false;
        return;
      }
      const target = event.target instanceof Element ? event.target : null;
      const onPicker = Boolean(target?.closest(PICKER)) || clickedPicker;
      if (target?.closest('[aria-expanded="true"]') || (onPicker && !pickerHadEsc)) {
        pickerHadEsc = true;
        clickedPicker = false;
        return;
      }
      pickerHadEsc = false;
      onClose();
    };
    const onPointer = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      pickerHadEsc = false;
      clickedPicker = Boolean(target?.closest(`${PICKER}, ${PICKER_POPUP}`));
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('mousedown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('mousedown', onPointer, true);
    };
  }, [visible, onClose]);
}
