// The HTTP server's entry point; being built in issue 13 (see apps/http-server/src/lib).
process.stderr.write('routeros-mcp-http: under construction\n');
process.exit(2);
