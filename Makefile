# Shortcuts for the README's commands (Scripts/diagrams, Scripts/test) and a few more.
# Each installs Graphviz first if it is missing.
.PHONY: diagrams test benchmarks check-diagrams graphviz format

graphviz:
	@Scripts/install-graphviz.sh

## Render every example system into Diagrams/ (svg, png, pdf, dot, mmd, json + index.html).
diagrams:
	Scripts/diagrams

## Run the whole test suite.
test:
	Scripts/test

## Print the benchmark table (release build).
benchmarks: graphviz
	swift run -c release benchmarks

## Fail when the committed diagrams in Diagrams/ are stale.
check-diagrams: graphviz
	swift run diagram check

format:
	swift format --in-place --recursive --parallel Sources Tests Benchmarks Templates Package.swift \
	  AddOns/FeedbackLoopCasePaths/Sources AddOns/FeedbackLoopCasePaths/Tests AddOns/FeedbackLoopCasePaths/Package.swift
