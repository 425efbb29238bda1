export * from './lib/file-command-trees';
