// The signal measurements and test signals live in the test kit, for authors too; the
// suites that import TestSupport get them from there.
@_exported import LV2TestKit
