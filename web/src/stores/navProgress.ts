import { create } from 'zustand';

/** Navigation work in flight (guard loading the user, lazy pages arriving); the top bar runs while > 0. */
interface NavProgressState {
  active: number;
  start: () => void;
  done: () => void;
}

export const useNavProgressStore = create<NavProgressState>()((set) => ({
  active: 0,
  start: () => set((state) => ({ active: state.active + 1 })),
  done: () => set((state) => ({ active: Math.max(0, state.active - 1) })),
}));
