module.exports = require('./build/Release/malloc_trim.node');
