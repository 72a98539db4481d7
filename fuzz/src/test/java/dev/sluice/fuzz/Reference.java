package dev.sluice.fuzz;

import dev.sluice.fuzz.Spec.Channel;
import dev.sluice.fuzz.Spec.Edge;
import dev.sluice.fuzz.Spec.Field;
import dev.sluice.fuzz.Spec.Kind;
import dev.sluice.fuzz.Spec.Role;
import dev.sluice.fuzz.Spec.SinkSpec;
import dev.sluice.fuzz.Spec.Stage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The expected result of a generated pipeline, from the dataflow semantics alone (no queues, no
 * scheduler): each input item is carried depth-first through the graph, one item at a time, as one
 * pipeline instance would see it if every queue were unbounded.
 *
 * <ul>
 *   <li>an item pushed on a channel goes to every consumer of the channel (broadcast), and to sinks;
 *   <li>what a BEGIN handler pushes goes on once every node of the region has had BEGIN;
 *   <li>an enumerator's parent: the {@code @Reduce} updates in its {@code count} (once per parent),
 *       BEGIN handlers of its region's nodes (those whose innermost region it opens), then each
 *       element 0..count-1 in order, then the END handlers, whose {@code @Aggregate} pushes go on at
 *       once to the enclosing region;
 *   <li>a raised user signal follows the raiser's pushes of that item; it travels along every edge to
 *       a node, and the first node on each path that handles it consumes it; sinks never see it;
 *   <li>a {@code @Reduce}'s result is its final value (instances combine by the operator, which for
 *       the exact, overflow-free values generated is the same as one sequential fold).
 * </ul>
 *
 * Within one instance Sluice keeps the order of items on each edge, and a parent is handled by one
 * instance, so every per-parent window and state the generator allows is the same as here.
 */
final class Reference {
  private final Spec spec;
  private final int variant;
  private final Map<Channel, List<Edge>> consumers = new HashMap<>();
  private final Map<Stage, Map<String, Object>> fields = new HashMap<>();
  private final Map<Stage, Map<String, Object>> params = new HashMap<>();
  private final Map<Integer, Object> parents = new HashMap<>();
  private final Map<Integer, List<Stage>> members = new HashMap<>();
  private final Map<String, List<Object>> sinks = new LinkedHashMap<>();
  /**
   * While the region's BEGIN handlers run: their pushes, delivered once every member has had BEGIN
   * (BEGIN goes on before a handler's pushes, which are the new parent's data); null otherwise.
   */
  private List<Object[]> holding;
  /** How {@link Spec#failing} failed, if it did: see {@link #FAILURE}. */
  private String failure;
  /** Each enumerator's parents so far: the calls of its {@code count}. */
  private final Map<Stage, Integer> opened = new LinkedHashMap<>();

  /**
   * The key of the expected failure, {@code "<node>: <kind>"} with kind {@code divide}, {@code index},
   * {@code max} or {@code count}; a run that expects one must throw it and give no results.
   */
  static final String FAILURE = "@failure";

  /** Thrown where a body pushes more than a channel's {@code @Max} for one call. */
  private static final class OverMax extends RuntimeException {
    OverMax(Channel c) {
      super("more than @Max(" + c.max + ") on " + c.name, null, false, false);
    }
  }

  private Reference(Spec spec, int variant) {
    this.spec = spec;
    this.variant = variant;
  }

  /** Sink name to its items (records as lists of components), and {@code <stage><Field>} to each reduction. */
  static Map<String, Object> expected(Spec spec, int variant) {
    return new Reference(spec, variant).run();
  }

  /**
   * How many parents each enumerator of {@code spec} opens (calls of its {@code count}, a failing
   * one's included) with {@code variant}'s {@code @Param} data: the generator keeps count reductions
   * only where they are called.
   */
  static Map<Stage, Integer> parentsOpened(Spec spec, int variant) {
    Reference ref = new Reference(spec, variant);
    ref.run();
    return ref.opened;
  }

  private Map<String, Object> run() {
    for (Stage s : spec.stages) {
      for (Channel c : s.channels) {
        consumers.put(c, spec.consumers(c));
      }
      Map<String, Object> f = new HashMap<>();
      Map<String, Object> p = new HashMap<>();
      for (Field fd : s.fields) {
        switch (fd.role) {
          case PARAM, PARAM_ARRAY -> p.put(fd.name, fd.variants[variant]);
          case STATE -> f.put(fd.name, fd.variants[0]);
          case REDUCE -> f.put(fd.name, fd.identity());
        }
      }
      fields.put(s, f);
      params.put(s, p);
      if (s.kind == Kind.TRANSFORM && s.inRegion()) {
        members.computeIfAbsent(s.stack.get(s.stack.size() - 1), k -> new ArrayList<>()).add(s);
      }
    }
    for (SinkSpec k : spec.sinks) {
      sinks.put(k.name, new ArrayList<>());
    }
    for (Stage s : spec.stages) {
      if (s.kind == Kind.ENUMERATOR) {
        opened.put(s, 0);
      }
    }
    Channel src = spec.source().channels.get(0);
    for (Object item : spec.input) {
      deliver(src, item);
    }
    Map<String, Object> out = new LinkedHashMap<>(sinks);
    if (failure != null) {
      out.put(FAILURE, failure);
    }
    for (Stage s : spec.stages) {
      for (Field f : s.fields) {
        if (f.role == Role.REDUCE) {
          out.put(s.name + Character.toUpperCase(f.name.charAt(0)) + f.name.substring(1), fields.get(s).get(f.name));
        }
      }
    }
    return out;
  }

  private void deliver(Channel c, Object v) {
    for (Edge e : consumers.get(c)) {
      if (e.sink() != null) {
        sinks.get(e.sink().name).add(v);
      } else {
        receive(e.to(), v);
      }
    }
  }

  private Expr.Env env(Stage s) {
    Expr.Env env = new Expr.Env();
    env.fields = fields.get(s);
    env.params = params.get(s);
    if (s.inRegion()) {
      env.parent = parents.get(s.stack.get(s.stack.size() - 1));
    }
    return env;
  }

  private void exec(List<Stmt> body, Expr.Env env, Stage s) {
    Map<Channel, Integer> pushed = new HashMap<>();
    Stmt.Effects fx = new Stmt.Effects() {
      @Override
      public void push(Channel channel, Object value) {
        // one call's pushes on a channel: at most its @Max, which the back ends check at the push
        if (pushed.merge(channel, 1, Integer::sum) > channel.max) {
          if (s != spec.failing) {
            throw new IllegalStateException("generator bug: more than @Max(" + channel.max + ") on " + channel.name);
          }
          throw new OverMax(channel);
        }
        if (holding != null) {
          holding.add(new Object[] {channel, value});
        } else {
          deliver(channel, value);
        }
      }

      @Override
      public void raise(Ty.Rec tag, Object value) {
        signal(s, tag, value);
      }
    };
    for (Stmt st : body) {
      st.exec(env, fx);
    }
  }

  private void receive(Stage s, Object v) {
    if (s.kind == Kind.ENUMERATOR) {
      Expr.Env env = new Expr.Env();
      env.parent = v;
      env.fields = fields.get(s);
      env.params = params.get(s);
      opened.merge(s, 1, Integer::sum);
      // count's @Reduce updates (countreduce), before its return: once per parent opened
      exec(s.countBody, env, s);
      int n = (Integer) s.count.eval(env);
      if (n < 0 || (s.maxElements > 0 && n > s.maxElements)) {
        if (s != spec.failing) {
          throw new IllegalStateException("generator bug: count " + n + " at " + s.name);
        }
        failure = s.name + ": count";
        return;
      }
      Object before = parents.put(s.id, v);
      List<Stage> region = members.getOrDefault(s.id, List.of());
      List<Object[]> held = new ArrayList<>();
      holding = held;
      try {
        for (Stage m : region) {
          if (m.begin != null) {
            call(m.begin, env(m), m);
          }
        }
      } finally {
        holding = null;
      }
      for (Object[] push : held) {
        deliver((Channel) push[0], push[1]);
      }
      Channel out = s.channels.get(0);
      for (int i = 0; i < n; i++) {
        deliver(out, i);
      }
      for (Stage m : region) {
        if (m.end != null) {
          call(m.end, env(m), m);
        }
      }
      if (before == null) {
        parents.remove(s.id);
      } else {
        parents.put(s.id, before);
      }
      return;
    }
    Expr.Env env = env(s);
    env.item = v;
    call(s.run, env, s);
  }

  /**
   * {@link #exec}, noting the failure of {@link Spec#failing}: the rest of that call's body does not
   * run, and the run fails there whatever else happens.
   */
  private void call(List<Stmt> body, Expr.Env env, Stage s) {
    try {
      exec(body, env, s);
    } catch (ArithmeticException | ArrayIndexOutOfBoundsException | OverMax | Stmt.Throw.Thrown e) {
      if (s != spec.failing) {
        throw e;
      }
      failure = s.name + ": " + (e instanceof ArithmeticException ? "divide" : e instanceof OverMax ? "max"
          : e instanceof Stmt.Throw.Thrown ? "throw" : "index");
    }
  }

  private void signal(Stage from, Ty.Rec tag, Object value) {
    for (Channel c : from.channels) {
      for (Edge e : consumers.get(c)) {
        Stage to = e.to();
        if (to == null) {
          continue;
        }
        List<Stmt> handler = to.userHandlers.get(tag);
        if (handler == null) {
          signal(to, tag, value);
        } else {
          Expr.Env env = env(to);
          env.tag = value;
          call(handler, env, to);
        }
      }
    }
  }
}
