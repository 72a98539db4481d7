package dev.sluice.processor.model;

/**
 * A resolved connection from a producer's channel to a consumer. Edges are numbered in order of the
 * consumer's declaration, then of its {@code @From} values.
 *
 * @param index position in {@link PipelineModel#edges()}
 * @param from the producer stage's name
 * @param channel the producer's channel (the source's channel is named after the source)
 * @param to the consumer stage's name
 * @param aggregate whether the channel is {@code @Aggregate}
 * @param type the item type carried
 * @param ref the {@code @From} value it comes from
 */
public record EdgeModel(int index, String from, String channel, String to, boolean aggregate, ItemType type, InputRef ref) {}
