// Stand-in for the 'server-only' guard when code runs outside Next's bundler (server.ts, tests).
export {};
