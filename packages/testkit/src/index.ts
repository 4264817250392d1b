// One test harness for the server's tests, the reliability suites and the load test: server
// processes, HTTP and socket.io clients, scripted players, and the services tests need.
export * from './cluster.ts';
export * from './http.ts';
export * from './moves.ts';
export * from './player.ts';
export * from './server-process.ts';
export * from './services.ts';
export * from './sockets.ts';
export * from './stats.ts';
export * from './tables.ts';
export * from './push-endpoint.ts';
