/**
 * Imported first by a benchmark (modules run in import order): the handlers' loggers are made when their
 * modules load, and their warnings per message would drown the benchmark's table.
 */
process.env.LOG_LEVEL ??= 'ERROR';
