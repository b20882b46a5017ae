// See ts-morph-require.cts: '#ts-morph-common' is @ts-morph/common loaded as plain CommonJS.
const common = require('@ts-morph/common');
module.exports = common;
