// Its e2e specs mostly wait on the CLI processes they start: two at a time keep CI within its time.
module.exports = { ...require('../../jest.preset.js')(__dirname), maxWorkers: 2 };
