export * from './lib/correlation';
export * from './lib/redactor';
export * from './lib/winston-logger';
