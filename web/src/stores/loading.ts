import { create } from 'zustand';

/** Requests slower than the loading delay that are still running; the overlay shows while > 0. */
interface LoadingState {
  pending: number;
  begin: () => void;
  end: () => void;
}

export const useLoadingStore = create<LoadingState>()((set) => ({
  pending: 0,
  begin: () => set((state) => ({ pending: state.pending + 1 })),
  end: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
}));
