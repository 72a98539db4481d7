// What a new user sees when the generated project's build runs Main (exec:java): Sluice's device
// line, and neither Aparapi's native version line nor the JDK's warning about native code.
// basedir is this test's folder; the generated project (artifactId word-stats) is under project/
def file = new File(basedir, "project/word-stats/build.log")
def log = file.text
assert log.contains("Sluice runs on") : "no device line in " + file
assert !log.contains("untested OpenCL platform version") : "Aparapi's native line reached the user: " + file
assert !log.contains("WARNING: A restricted method") : "the JDK's native-access warning reached the user: " + file
// a new project ignores Maven's output (outside-in helper-72: it had no .gitignore)
def ignore = new File(basedir, "project/word-stats/.gitignore")
assert ignore.isFile() && ignore.text.contains("target/") : "no .gitignore in the generated project"
assert !new File(basedir, "project/word-stats/gitignore").exists() : "the .gitignore kept its shipped name"
// the README names where the pipeline's picture is: that file exists after the build
def readme = new File(basedir, "project/word-stats/README.md").text
def named = (readme =~ /`(target\/classes\/[^`]*WordStatsPipeline\.mmd)`/)
assert named.find() : "the README names no picture under target/classes"
assert new File(basedir, "project/word-stats/" + named.group(1)).isFile() : "no picture at " + named.group(1)
