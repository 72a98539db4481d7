// Runs after the archetype plugin has written the project. The package defaults to the groupId, and a
// groupId may hold what a Java package may not ('org.my-co', 'com.new.thing'): such a project was
// generated, and its first build failed with a syntax error on line 1 of every file. So the build of
// `archetype:generate` fails here instead, naming the segment and the way out. The files are left as
// they are: the folder may have held files of the user's before.
import javax.lang.model.SourceVersion

// the request's package, or its property (a caller may set either); none: nothing to check
String pkg = request.package ?: request.properties?.getProperty('package')
if (pkg != null && !SourceVersion.isName(pkg)) {
  String segment = pkg.split('\\.', -1).find { !SourceVersion.isIdentifier(it) || SourceVersion.isKeyword(it) }
  String why = segment == null ? 'is not a Java package name'
      : segment.isEmpty() ? 'has an empty segment'
      : SourceVersion.isKeyword(segment) ? "has the Java keyword '" + segment + "' as a segment"
      : "has '" + segment + "', which is not a Java identifier, as a segment"
  File project = new File(request.outputDirectory, request.artifactId)
  throw new IllegalArgumentException("the package '" + pkg + "' " + why + ", so the project generated in "
      + project + " does not compile; remove the files generated there and generate again with"
      + " -Dpackage=<a Java package name> (the package defaults to the groupId)")
}
