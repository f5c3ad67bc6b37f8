/** Ends the run with one plain line that CI reads: "N passed, N failed, N skipped". */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    console.log(`\njest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`);
  }
}
module.exports = SummaryReporter;
