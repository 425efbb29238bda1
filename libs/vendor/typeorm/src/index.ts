// The one import of TypeORM in the workspace: the build bundles it (bundle.cjs), sources and Jest use it as is.
export * from 'typeorm';
