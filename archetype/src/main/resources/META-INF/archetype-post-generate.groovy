// Runs after the archetype plugin has written the project. The package defaults to the groupId, and a
// groupId may hold what a Java package may not ('org.my-co', 'com.new.thing'): such a project was
// generated, and its first build failed with a syntax error on line 1 of every file. So the build of
// `archetype:generate` fails here instead, naming the segment and the way out. The files are left as
// they are: the folder may have held files of the user's before.
import javax.lang.model.SourceVersion

File generated = new File(request.outputDirectory, request.artifactId)
String again = ", so the project generated in " + generated

// Maven's own rule for a groupId and an artifactId (its model validation): a name the archetype plugin
// takes, a non-ASCII letter or a '$' say, fails the project's first build ("does not match a valid id
// pattern"; outside-in helper-72)
['groupId': request.groupId, 'artifactId': request.artifactId].each { what, id ->
  if (id != null && !(id ==~ /[A-Za-z0-9_\-.]+/)) {
    throw new IllegalArgumentException("the " + what + " '" + id + "' has characters Maven refuses in one (it takes"
        + " letters A-Z and a-z, digits, '_', '-' and '.')" + again + " does not build; remove the files generated"
        + " there and generate again with another -D" + what)
  }
}

// the request's package, or its property (a caller may set either); none: nothing to check
String pkg = request.package ?: request.properties?.getProperty('package')
if (pkg != null && (pkg == 'java' || pkg.startsWith('java.'))) {
  // javac compiles it, and the JVM refuses to load it: "SecurityException: Prohibited package name"
  throw new IllegalArgumentException("the package '" + pkg + "' is in java.*, which the JVM keeps for the JDK's"
      + " own classes" + again + " compiles but does not run; remove the files generated there and generate again"
      + " with -Dpackage=<another package>")
}
if (pkg != null && !SourceVersion.isName(pkg)) {
  String segment = pkg.split('\\.', -1).find { !SourceVersion.isIdentifier(it) || SourceVersion.isKeyword(it) }
  String why = segment == null ? 'is not a Java package name'
      : segment.isEmpty() ? 'has an empty segment'
      : SourceVersion.isKeyword(segment) ? "has the Java keyword '" + segment + "' as a segment"
      : "has '" + segment + "', which is not a Java identifier, as a segment"
  throw new IllegalArgumentException("the package '" + pkg + "' " + why + again
      + " does not compile; remove the files generated there and generate again with"
      + " -Dpackage=<a Java package name> (the package defaults to the groupId)")
}

// the project's .gitignore, shipped as 'gitignore' (the resources plugin leaves dotted ones out of
// the archetype's jar); a .gitignore the folder had before is kept
File ignore = new File(generated, 'gitignore')
if (ignore.isFile()) {
  File dotted = new File(generated, '.gitignore')
  if (dotted.exists()) {
    ignore.delete()
  } else {
    ignore.renameTo(dotted)
  }
}
