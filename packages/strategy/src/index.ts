export * from './solver/index.ts';
export * from './advisor/index.ts';
export * from './bots/index.ts';
export * from './simulate/index.ts';
