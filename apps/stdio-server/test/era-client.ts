/** The era client moved to libs/testing (the HTTP server's specs use it too). */
export * from '@routeros-mcp/testing';
