// The one import of inversify in the workspace: the build bundles it (see package.json), sources and Jest use it as is.
export * from 'inversify';
