#!/usr/bin/env bash
# Makes spark/target/spark-home, a Spark home for docs/spark.md's commands on a machine that has no
# Spark distribution: jars/ holds Spark and its dependencies (this module's provided dependencies,
# copied by Maven), and bin/spark-class and bin/spark-submit start Java as a distribution's scripts
# do, through Spark's own launcher (org.apache.spark.launcher.Main), which puts together the class
# path and the JVM options Spark needs. Run it from the project folder after `mvn install`; extra
# arguments go to Maven (e.g. -o, -Dmaven.repo.local=...). Then: export SPARK_HOME=$PWD/spark/target/spark-home
set -euo pipefail
module=$(cd "$(dirname "$0")" && pwd)
home="$module/target/spark-home"
rm -rf "$home"
mkdir -p "$home/bin"
mvn -B -ntp -q -f "$module/pom.xml" "$@" dependency:copy-dependencies -DincludeScope=provided \
  -DoutputDirectory="$home/jars"
# the launcher takes a home with a RELEASE file for a distribution, whose jars are in jars/
echo "Spark jars from Maven, by spark/spark-home.sh: $(cd "$home/jars" && ls spark-core_*.jar)" > "$home/RELEASE"

cat > "$home/bin/spark-class" <<'EOF'
#!/usr/bin/env bash
# Runs a Spark class (Master, Worker, SparkSubmit) in the JVM that Spark's launcher describes: the
# launcher prints the java command's words, each ended by a NUL; its exit status follows.
export SPARK_HOME="${SPARK_HOME:-$(cd "$(dirname "$0")/.." && pwd)}"
export SPARK_SCALA_VERSION="${SPARK_SCALA_VERSION:-2.13}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
words=()
while IFS= read -r -d '' word; do
  word="${word#$'\n'}"
  [ -n "$word" ] && words+=("$word")
done < <("$java" -Xmx128m -cp "$SPARK_HOME/jars/*" org.apache.spark.launcher.Main "$@"; printf '%d\0' $?)
status="${words[-1]}"
unset 'words[-1]'
[ "$status" = 0 ] || exit "$status"
exec "${words[@]}"
EOF

cat > "$home/bin/spark-submit" <<'EOF'
#!/usr/bin/env bash
exec "$(dirname "$0")/spark-class" org.apache.spark.deploy.SparkSubmit "$@"
EOF
chmod +x "$home/bin/spark-class" "$home/bin/spark-submit"
echo "made $home ($(ls "$home/jars" | wc -l) jars); export SPARK_HOME=$home"
