// @zilch/server — HTTP, realtime, store, bus. Placeholder.
export {};
